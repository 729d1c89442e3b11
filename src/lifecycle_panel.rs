//! The lifecycle panel (issue 6): deprecate-and-truncate preview, catalog image templates and
//! the catalog-switch diff.

use leptos::prelude::*;

/// The lifecycle panel.
#[component]
pub fn LifecyclePanel() -> impl IntoView {}
