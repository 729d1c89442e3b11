//! YAML, the one front end on granit-parser (a maintained, panic-free, fuzzed YAML 1.2 parser
//! with nesting limits and no unsafe code) for catalogs and templates alike.
//!
//! - `reader`: a YAML stream split at `---` lines and read document by document into
//!   [`RawObject`](crate::load::object::RawObject)s, and [`yaml_value`] and [`yaml_values`] for
//!   writers and the pre-flight checks' files.
//! - `fast`: the fast path, the plain block subset opm's `yaml.Marshal` writes, turned into
//!   the parser's events without the parser.
//! - `fast_json`: the same for one JSON value already checked by serde_json, for readers that
//!   keep positions (cluster state).
//! - `de`: the serde deserializer over either source of events, aliases replayed.
//!
//! The template reader (`template::read::yaml`) builds its position-keeping tree from the same
//! parser through [`parser`], under the same limits: the ones below, with the
//! [`Limits`] of a load.

pub(crate) mod de;
pub(crate) mod fast;
pub(crate) mod fast_json;
mod reader;

use granit_parser::{Parser, StrInput};

use crate::load::options::Limits;

pub(in crate::load) use reader::read_stream;
pub(crate) use reader::{yaml_value, yaml_values};

/// Nodes anchors and aliases may copy (or events they may replay) for each event the parser
/// read: serde_yaml's rule, so an alias bomb stops early and any document is read in time
/// linear in its length.
pub const REPLAYS_PER_EVENT: usize = 100;

/// What anchors and aliases may always copy, however short the document.
pub const REPLAY_ALLOWANCE: usize = 10_000;

/// How far above the depth limit the parser's own nesting limits sit: its scanner looks up to
/// 1024 characters ahead, so it may meet a limit that many levels before a reader does; with
/// this margin the reader's own counter stops first and names the limit.
pub const PARSER_DEPTH_MARGIN: usize = 1100;

/// What anchors and aliases may copy once the parser has read `events` events.
///
/// # Complexity
/// O(1).
pub(crate) fn replays_allowed(events: usize) -> usize {
    events
        .saturating_mul(REPLAYS_PER_EVENT)
        .saturating_add(REPLAY_ALLOWANCE)
}

/// The parser's nesting limit for a load within `limits`.
///
/// # Complexity
/// O(1).
pub(crate) fn parser_nesting(limits: &Limits) -> usize {
    limits.max_depth.saturating_add(PARSER_DEPTH_MARGIN)
}

/// A parser over `text` whose flow and block nesting stop at `nesting` levels.
///
/// # Complexity
/// O(1); the parser then reads in time linear in the text.
pub(crate) fn parser(text: &str, nesting: usize) -> Parser<'_, StrInput<'_>> {
    let options = granit_parser::options! {
        flow_nesting_limit: nesting,
        block_nesting_limit: nesting,
    };
    Parser::new_from_str_with_options(text, options)
}
