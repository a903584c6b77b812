"""The one error boundary of every command (`pnp …`, `pnp referee …`, `referee move`'s fast
path): a user's error prints one clear message and exits with its code, a fault in a rules
package is blamed on that package, and a fault of pnpkit itself keeps its traceback."""

from __future__ import annotations

import sys
from collections.abc import Callable

from pnpkit.errors import DefinitionError, PnpError
from pnpkit.names import shown_lines


def run_command(command: Callable[[], object]) -> None:
    """Run `command`; exit as described above if it raises."""
    try:
        command()
    except DefinitionError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        sys.exit(exc.exit_code)
    except PnpError as exc:
        print(f"error: {shown_lines(str(exc))}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except BrokenPipeError:  # pnpkit.entry ends quietly
        raise
    except Exception as exc:
        from pnpkit.referee.engine.faults import report

        sys.exit(report(exc))
