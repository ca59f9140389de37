"""Apache Spark: polyfen's Arrow kernels on a DataFrame column.

:func:`convert` adds two columns to a DataFrame: the converted text and its
error struct. It runs through ``DataFrame.mapInArrow``, so each executor
hands whole Arrow batches to the Rust kernels of :mod:`polyfen.arrow`, with
no Python object per row. On a cluster, install the polyfen wheel on every
executor (for example ``spark-submit --py-files`` is not enough for a
native module: ship the wheel in the job's Python environment, or
``pip install`` it in the executors' image).
"""

from typing import Optional

__all__ = ["convert"]


def convert(df, column: str, to: str, from_: Optional[str] = None, lenient: bool = False, into: Optional[str] = None):
    """``df`` with the positions of ``column`` written in ``to``.

    Two columns are added: ``into`` (default ``{column}_{to}``, with ``-``
    as ``_``), the text, null for a null or bad row; and ``{into}_error``,
    null or a struct of ``column``, ``notation`` and ``message`` saying
    where and why the row could not be read or written. A bad row never
    fails the job.
    """
    from pyspark.sql.types import IntegerType, StringType, StructField, StructType

    into = into or f"{column}_{to.replace('-', '_')}"
    error = StructType(
        [StructField("column", IntegerType()), StructField("notation", StringType()), StructField("message", StringType())]
    )
    schema = StructType(df.schema.fields + [StructField(into, StringType()), StructField(f"{into}_error", error)])

    def run(batches):
        import pyarrow as pa

        from polyfen import arrow

        for batch in batches:
            result = arrow.convert(batch.column(column), to=to, from_=from_, lenient=lenient)
            yield pa.RecordBatch.from_arrays(
                list(batch.columns) + [result.field("value"), result.field("error")],
                names=list(batch.schema.names) + [into, f"{into}_error"],
            )

    return df.mapInArrow(run, schema)
