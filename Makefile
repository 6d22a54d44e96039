# The two commands of the README: `make demo` runs the main job, `make test` runs the tests.
# Both set up whatever is missing first (system packages as root, .venv with the project).
.PHONY: setup demo test lint types unit bench

setup:
	@bash scripts/setup.sh

demo: setup
	.venv/bin/voice-host demo

test: setup lint types unit

lint:
	.venv/bin/ruff check .

types:
	.venv/bin/mypy

unit:
	bash scripts/run-tests.sh

bench: setup
	.venv/bin/python bench/engine_speed.py
	.venv/bin/python bench/hint.py
	.venv/bin/python bench/recognition.py
	.venv/bin/python bench/recognition.py --lang de
	.venv/bin/python bench/recognition.py --lang es
	.venv/bin/python bench/recognition.py --lang fr
	.venv/bin/python bench/recognition.py --lang it
	.venv/bin/python bench/endpoint_latency.py
	.venv/bin/python bench/referee.py
	.venv/bin/python bench/referee.py --lead 3
	.venv/bin/python bench/referee.py --lang de
	.venv/bin/python bench/referee.py --lang es
	.venv/bin/python bench/referee.py --lang fr
	.venv/bin/python bench/referee.py --lang it
	.venv/bin/python bench/recorded_games.py
	.venv/bin/python bench/voice_prints.py
	.venv/bin/python bench/closed_set.py
	.venv/bin/python bench/turtle_soup.py
	.venv/bin/python bench/chatter.py
	.venv/bin/python bench/schnapp_den_sack.py
	.venv/bin/python bench/kapitaen_wackelpudding.py
