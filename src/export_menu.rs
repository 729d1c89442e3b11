//! The export menu of the graph toolbar (issue 7): filled in by the export work.

use leptos::prelude::*;

/// The export menu.
#[component]
pub fn ExportMenu() -> impl IntoView {}
