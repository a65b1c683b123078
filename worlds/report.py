"""The validation report of a world: one result per check and a verdict, deterministic to the byte."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

_STRICT = ConfigDict(extra="forbid")
Severity = Literal["error", "warn"]
ROW_LIMIT = 20


class OffendingRow(BaseModel):
    """One thing a check found wrong, pointing at the artifact and file when it can."""

    model_config = _STRICT
    artifact_id: str | None
    path: str | None = Field(description="the file under room/, when known")
    detail: str


class CheckResult(BaseModel):
    """What one check found: how many offending rows, and the first of them in a stable order."""

    model_config = _STRICT
    id: str
    severity: Severity
    description: str
    count: int = Field(ge=0, description="offending rows in all")
    rows: list[OffendingRow] = Field(description=f"the first {ROW_LIMIT} offending rows, sorted")

    @property
    def passed(self) -> bool:
        """True when the check found nothing."""
        return self.count == 0


class ValidationReport(BaseModel):
    """Every check's result over one world and the verdict they add up to.

    No timings and no paths outside the bundle: two identical worlds give identical reports.
    """

    model_config = _STRICT
    world_id: str
    verdict: Literal["pass", "warn", "fail"]
    errors: int = Field(ge=0, description="offending rows of error checks")
    warnings: int = Field(ge=0, description="offending rows of warn checks")
    checks: list[CheckResult] = Field(description="sorted by check id")

    def failed(self) -> list[CheckResult]:
        """The checks that found something, errors first."""
        return sorted((c for c in self.checks if not c.passed), key=lambda c: (c.severity != "error", c.id))


def _row_key(row: OffendingRow) -> tuple[str, str, str]:
    return (row.artifact_id or "", row.path or "", row.detail)


def check_result(id: str, severity: Severity, description: str, rows: list[OffendingRow]) -> CheckResult:
    """A CheckResult from all of a check's offending rows: counted, sorted, cut to the first few."""
    ordered = sorted(rows, key=_row_key)
    return CheckResult(id=id, severity=severity, description=description, count=len(ordered),
                       rows=ordered[:ROW_LIMIT])


def build_report(world_id: str, results: list[CheckResult]) -> ValidationReport:
    """The report and its verdict: fail on any error row, warn on any warning row, else pass."""
    results = sorted(results, key=lambda r: r.id)
    errors = sum(r.count for r in results if r.severity == "error")
    warnings = sum(r.count for r in results if r.severity == "warn")
    verdict = "fail" if errors else "warn" if warnings else "pass"
    return ValidationReport(world_id=world_id, verdict=verdict, errors=errors, warnings=warnings, checks=results)
