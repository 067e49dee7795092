"""pytest plugin: collects scenario files (*.scn) as test items (see fecipher.conformance.scenario).

Each scenario of a file is its own item, named after the scenario; a failure is
reported as `fecipher test` reports it (file:line, the expectation, what the
engine did instead, the pending decision, the recent events). A scenario marked
``pending "reason"`` is an expected failure (xfail); when it starts to pass it is
reported as XPASS so that its ``pending`` line can be removed. A scenario may
load pack and deck files from anywhere under pytest's root directory.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from fecipher.dsl.errors import LanguageError
from fecipher.conformance.scenario import SCENARIO_SUFFIX


def pytest_collect_file(file_path: Path, parent):
    if file_path.suffix == SCENARIO_SUFFIX:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioError(Exception):
    """A scenario that failed, or a file that does not load; ``str()`` is the report."""


class ScenarioFile(pytest.File):
    def collect(self):
        from fecipher.conformance.scenario import load_scenarios
        try:
            # Pack and deck files may come from anywhere in the project being tested.
            f = load_scenarios(self.path, root=self.config.rootpath)
        except LanguageError as e:
            yield BrokenScenarioFile.from_parent(self, name="(scenario file)", error=e)
            return
        for sc in f.scenarios:
            item = ScenarioItem.from_parent(self, name=sc.name, scenario=sc)
            if sc.pending is not None:
                item.add_marker(pytest.mark.xfail(reason=f"pending: {sc.pending}", strict=False,
                                                  raises=ScenarioError))
            yield item


class ScenarioItem(pytest.Item):
    def __init__(self, *, scenario, **kw):
        super().__init__(**kw)
        self.scenario = scenario

    def runtest(self) -> None:
        from fecipher.conformance.scenario_run import run_scenario
        result = run_scenario(self.scenario)
        if result.failure is not None:
            raise ScenarioError(result.failure.format())

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, self.scenario.line - 1, f"scenario: {self.scenario.name}"


class BrokenScenarioFile(pytest.Item):
    def __init__(self, *, error: LanguageError, **kw):
        super().__init__(**kw)
        self.error = error

    def runtest(self) -> None:
        raise ScenarioError(str(self.error))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, "scenario file"
