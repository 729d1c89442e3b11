//! Catalog YAML: a YAML stream cut by [`crate::yaml`]'s cutter and read document by document
//! into [`RawObject`](crate::load::object::RawObject)s through `yaml`'s serde deserializer
//! (`yaml::de`, over granit-parser's events or the fast path's), and [`yaml_value`] and
//! [`yaml_values`] for writers and the pre-flight checks' files.
//!
//! The positioned tree of templates, cluster state and ImageSetConfigurations is
//! [`crate::yaml`]'s too, read from the same parser under the same limits.

mod reader;

pub(in crate::load) use reader::read_stream;
pub(crate) use reader::{yaml_value, yaml_values};
