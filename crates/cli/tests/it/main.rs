//! The CLI's integration tests, one binary (linking one binary instead of fifteen is most of a
//! cold run): one module per part of the command line, each running the built `olm-graph`.
//! Fixtures, golden files and the SARIF schema are in `tests/fixtures/`; `tests/node/` holds
//! the Node package `scripts/check-review-mermaid.sh` uses.

mod common;

mod bench;
mod catalog_priority;
mod change;
mod ci_readme;
mod cli;
mod closed_pipe;
mod crd_safety;
mod diagnose;
mod diff_json;
mod json_flag;
mod lint_formats;
mod lsp;
mod lsp_rules_page;
mod mirror;
mod partial;
mod path_mermaid;
mod plan;
mod plan_across;
mod preflight;
mod render;
mod review;
mod review_preflight;
mod stdin;
mod support;
mod template;
