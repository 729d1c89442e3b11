# Sourced by scripts/test.sh and scripts/test-web.sh: one build for clippy and the tests.
#
# Cargo runs clippy-driver in place of rustc for the workspace's own crates
# (RUSTC_WORKSPACE_WRAPPER, which is what `cargo clippy` itself sets). clippy-driver compiles a
# crate as rustc does and reports clippy's lints on the way; CLIPPY_ARGS denies every warning,
# as `cargo clippy -- -D warnings` does. So `cargo test --all-targets --no-run` lints every
# target and builds the tests in one pass, where `cargo clippy` followed by `cargo test`
# compiled each crate twice (docs/development.md#ci-time). Dependencies are compiled by rustc
# as usual and not linted.
#
# Cargo keeps the wrapper in its fingerprints, so every cargo command that should reuse those
# builds runs with the same two variables; the release builds of the web app unset them
# (`plain_rustc`): they are not linted a second time.
lint_driver="$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver || true)"
if [ -z "$lint_driver" ]; then
    echo "lint-build: clippy-driver not found (rustup component add clippy)" >&2
    exit 1
fi
export RUSTC_WORKSPACE_WRAPPER="$lint_driver"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

plain_rustc() { unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS; }
