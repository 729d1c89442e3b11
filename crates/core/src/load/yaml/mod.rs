//! YAML, the one front end on granit-parser (a maintained, panic-free, fuzzed YAML 1.2 parser
//! with nesting limits and no unsafe code) for catalogs and templates alike.
//!
//! - `reader`: a YAML stream cut by [`crate::yaml`]'s cutter and read document by document into
//!   [`RawObject`](crate::load::object::RawObject)s, and [`yaml_value`] and [`yaml_values`] for
//!   writers and the pre-flight checks' files.
//! - `de`: the serde deserializer over the parser's events or the fast path's
//!   ([`crate::yaml::fast`]), aliases replayed.
//!
//! The positioned tree of templates, cluster state and ImageSetConfigurations is
//! [`crate::yaml`]'s, read from the same parser under the same limits.

pub(crate) mod de;
mod reader;

pub(crate) use crate::yaml::{parser, parser_nesting, replays_allowed, REPLAYS_PER_EVENT};

pub(in crate::load) use reader::read_stream;
pub(crate) use reader::{yaml_value, yaml_values};
