//! The bottom reader of YAML and JSON text, which knows nothing of its users (catalogs,
//! templates, cluster state, ImageSetConfigurations):
//!
//! - `cut`: the one document cutter (a stream's separator lines under opm's or apimachinery's
//!   rule, a JSON stream's values);
//! - `position`: the line and column of a byte offset, counted in one forward pass (the
//!   readers' only line counting);
//! - `tree` and `positioned`: the one positioned tree ([`tree::Node`], each node with its line
//!   and column, plain scalars typed as go-yaml v2 types them) and its reading from a
//!   document, the fast paths first and the parser as their fall-back;
//! - `limits`: the [`Limits`] every reader keeps and the one wording of a crossed limit
//!   ([`LimitError`], a typed value, never a message to match);
//! - the parser with its nesting limits and the allowance of anchors and aliases, and the fast
//!   paths that turn text into the parser's events without the parser: `fast` for the plain
//!   block YAML catalog tools write, `fast_json` for one JSON value already checked by
//!   serde_json.
//!
//! - `de`: the serde deserializer over the parser's events or the fast path's, aliases
//!   replayed (YAML 1.2 typing, as serde_yaml did): the catalog loader (`load::yaml`) reads its
//!   documents, cut here, through it.

pub(crate) mod cut;
pub(crate) mod de;
pub(crate) mod fast;
pub(crate) mod fast_json;
pub mod limits;
pub(crate) mod position;
pub(crate) mod positioned;
pub(crate) mod tree;
pub(crate) mod written;

use granit_parser::{Parser, StrInput};

pub use limits::{limit_message, LimitError, LimitKind, Limits};

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
