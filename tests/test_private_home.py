"""The suite keeps out of the user's own folders: every test has a private VOICE_HOST_HOME."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from voice_host import settings


def test_no_test_reads_or_writes_the_users_own_settings_or_data() -> None:
    config = Path(platformdirs.user_config_dir(settings.APP_NAME, appauthor=False))
    data = Path(platformdirs.user_data_dir(settings.APP_NAME, appauthor=False))
    assert os.environ.get(settings.HOME_ENV)
    assert not settings.config_dir().is_relative_to(config)
    assert not settings.data_dir().is_relative_to(data)


def test_each_test_has_a_home_of_its_own(home: Path) -> None:
    assert settings.home() == home
    assert not any(home.iterdir())
