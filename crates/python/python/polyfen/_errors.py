"""The exceptions of polyfen."""


class ReadError(ValueError):
    """A text that is not a position in the notation it was read as.

    ``column`` is the 1-based character column of the first problem and
    ``notation`` the notation the text was read as (the most likely one
    when it was detected).
    """

    def __init__(self, message: str, column: int, notation: str) -> None:
        super().__init__(message)
        self.column = column
        self.notation = notation

    def __reduce__(self):  # pickling, for Spark and multiprocessing
        return (ReadError, (str(self), self.column, self.notation))
