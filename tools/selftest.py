"""The bookkeeping of the tools' --self-test modes: named checks of a value
against the one wanted, failures listed, a summary line and an exit status.

    t = SelfTest("gauntlet")
    t.check("row", row(...), [...])
    return t.report()      # prints "FAIL ..." lines and "gauntlet self-test: 14/14 passed"
"""


class SelfTest:
    """Counts checks and keeps the failed ones."""

    def __init__(self, name):
        self.name = name
        self.count = 0
        self.failures = []

    def check(self, what, got, want):
        """One check: `got` must equal `want`."""
        self.count += 1
        if got != want:
            self.failures.append(f"{what}: got {got!r}, want {want!r}")

    def report(self):
        """Prints the failures and the summary; the exit status (1 if any failed)."""
        for f in self.failures:
            print("FAIL " + f)
        print(f"{self.name} self-test: {self.count - len(self.failures)}/{self.count} passed")
        return 1 if self.failures else 0
