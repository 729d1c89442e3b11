//! Whether rendered objects are valid FBC, as opm's `ConvertToModel` judges them.

use crate::diag::Diagnostic;
use crate::graph::channel_graphs;
use crate::load::{InputFile, Limits, LoadOptions};
use crate::template::read::fbc::Config;
use crate::template::write::declcfg as write;
use crate::validate::{render_tree, validate_package};

/// The first reason opm's `ConvertToModel` (conversion, then model validation) rejects this
/// config, in opm's words; `None` when it is valid FBC. The objects are read within `limits`.
///
/// # Complexity
/// O(n log n) for a config of n objects, entries and properties (written, loaded, validated).
pub(crate) fn model_error(cfg: &Config, limits: &Limits) -> Option<String> {
    let (text, _) = write::model_stream(cfg);
    let files = [InputFile::new("entries.json", text)];
    let options = LoadOptions {
        limits: *limits,
        ..LoadOptions::default()
    };
    let catalog = crate::load::load_fbc(&files, options, &mut |_| {});
    if let Some(d) = catalog.diagnostics.iter().find(|d| d.is_error()) {
        return Some(d.message.clone());
    }
    let errors: Vec<Diagnostic> = catalog
        .packages
        .iter()
        .flat_map(|p| validate_package(p, &channel_graphs(p)))
        .filter(Diagnostic::is_error)
        .map(|mut d| {
            d.location = None;
            d
        })
        .collect();
    (!errors.is_empty()).then(|| render_tree(&errors).trim_end().to_string())
}
