//! blang v4's range language (`olm_graph_core::range`, the syntax of `skipRange`): the
//! semantics table, error texts, ports of blang's own tests, and the quirks the curator lint
//! reports.

use olm_graph_core::range::Range;
use olm_graph_core::semver::Version;

mod blang;
mod errors;
mod quirks;
mod table;

fn v(s: &str) -> Version {
    Version::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn r(s: &str) -> Range {
    Range::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn perr(s: &str) -> String {
    match Range::parse(s) {
        Ok(range) => panic!("{s:?} parsed as {range}"),
        Err(e) => e.to_string(),
    }
}
