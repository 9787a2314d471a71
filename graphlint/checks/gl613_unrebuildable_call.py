from graphlint.checks.base import Check


class UnrebuildableCall(Check):
    """A call, on an object the function built, to a method that breaks on every call (GB0092).

    Whether the method breaks is only known once every traced function of the file has been walked,
    so this check visits nothing: the engine turns such call sites into GL613 findings when it folds
    (`engine._unrebuildable`, with the objects from `analysis.frames.LocalObjects`).
    """

    code = "GL613"
