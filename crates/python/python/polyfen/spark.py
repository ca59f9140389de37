"""Apache Spark: polyfen's Arrow kernels on a DataFrame column.

:func:`convert` adds two columns to a DataFrame: the converted text and its
error struct. It runs through ``DataFrame.mapInArrow``, so each executor
hands whole Arrow batches to the Rust kernels of :mod:`polyfen.arrow`, with
no Python object per row. On a cluster, install the polyfen wheel on every
executor (for example ``spark-submit --py-files`` is not enough for a
native module: ship the wheel in the job's Python environment, or
``pip install`` it in the executors' image).

Games defined as data are read with ``rules`` (``"makruk"``, ``"janggi"``,
...); a user's own games with ``variants``, the variants file's text (or
its path, read on the driver), which is shipped with the job and loaded in
each Python worker before its first batch: the driver's
:func:`polyfen.load_variants` does not reach the workers, which are other
processes.
"""

from typing import Optional

from . import Variants

__all__ = ["convert"]


def convert(
    df,
    column: str,
    to: str,
    from_: Optional[str] = None,
    lenient: bool = False,
    into: Optional[str] = None,
    rules: Optional[str] = None,
    variants: Optional[Variants] = None,
):
    """``df`` with the positions of ``column`` written in ``to``.

    Two columns are added: ``into`` (default ``{column}_{to}``, with ``-``
    as ``_``), the text, null for a null or bad row; and ``{into}_error``,
    null or a struct of ``column``, ``notation`` and ``message`` saying
    where and why the row could not be read or written. A bad row never
    fails the job.

    ``rules`` reads every row under that rules variant (any name
    :func:`polyfen.read` takes). ``variants`` is a variants file's text, or
    a path read here on the driver: its games are added on the driver (as
    :func:`polyfen.load_variants` adds them, once per process) and in each
    worker process before its rows, so that ``rules`` may name them. A bad
    file, or an unknown ``rules``, raises ``ValueError`` here, before the
    job runs.
    """
    from pyspark.sql.types import IntegerType, StringType, StructField, StructType

    from . import _rules, _use_variants, _variants_text

    shipped = None
    if variants is not None:
        shipped = _variants_text(variants)
        _use_variants(*shipped)
    rules = _rules(rules, None)

    into = into or f"{column}_{to.replace('-', '_')}"
    error = StructType(
        [StructField("column", IntegerType()), StructField("notation", StringType()), StructField("message", StringType())]
    )
    schema = StructType(df.schema.fields + [StructField(into, StringType()), StructField(f"{into}_error", error)])

    def run(batches):
        import pyarrow as pa

        from polyfen import _use_variants, arrow

        if shipped is not None:
            # once per worker process: the set of texts loaded remembers it
            _use_variants(*shipped)
        for batch in batches:
            result = arrow.convert(batch.column(column), to=to, from_=from_, lenient=lenient, rules=rules)
            yield pa.RecordBatch.from_arrays(
                list(batch.columns) + [result.field("value"), result.field("error")],
                names=list(batch.schema.names) + [into, f"{into}_error"],
            )

    return df.mapInArrow(run, schema)
