"""The breaks `torch._dynamo.explain` finds in one call, as one line of a measurement's results (shared by the
measurement scripts here that run in other venvs: lightning_log.py, sde_ode_solvers.py)."""
import torch._dynamo as dynamo


def explain_breaks(fn, *args, here: str) -> str:
    """`breaks=N  line L: reason; ...` for the breaks on the lines of the file `here`, or `error  Type: message` for
    what Dynamo (or the backend) raised instead of breaking."""
    dynamo.reset()
    try:
        explained = dynamo.explain(fn)(*args)
    except Exception as error:
        return f"error  {type(error).__name__}: {str(error).splitlines()[0][:90]}"
    lines = [f"line {frame.lineno}: {str(b.reason).splitlines()[0][:70]}" for b in explained.break_reasons
             for frame in b.user_stack[:1] if frame.filename == here]
    return f"breaks={len(explained.break_reasons)}  {'; '.join(sorted(set(lines)))}"
