//! The load progress bar: shown while files are read, parsed and checked (in the worker, so the
//! page stays responsive and the bar moves after every document), received, and while the
//! graphs and the layout of what will show are built; it names each stage.

use leptos::prelude::*;
use olm_graph_core::Progress;

use crate::state::load::{LoadStage, LoadStatus, LoadStore};

/// "12.3 MB" style sizes.
pub fn human_bytes(n: usize) -> String {
    const KB: f64 = 1024.0;
    let n = n as f64;
    if n < KB {
        format!("{n} B")
    } else if n < KB * KB {
        format!("{:.0} KB", n / KB)
    } else {
        format!("{:.1} MB", n / (KB * KB))
    }
}

/// Percentage done (bytes), 0–100.
pub fn percent(p: &Progress) -> f64 {
    if p.bytes_total == 0 {
        return if p.files_done >= p.files_total {
            100.0
        } else {
            0.0
        };
    }
    (p.bytes_done as f64 / p.bytes_total as f64 * 100.0).clamp(0.0, 100.0)
}

/// The bar, with a Cancel button when `on_cancel` is given.
#[component]
pub fn ProgressBar(#[prop(optional, into)] on_cancel: Option<Callback<()>>) -> impl IntoView {
    let status = LoadStore::get().status;
    let busy = move || status.with(|s| *s != LoadStatus::Idle);
    let value = move || match status.get() {
        LoadStatus::Parsing {
            progress: Some(p),
            stage: LoadStage::Parsing,
            ..
        } => Some(percent(&p)),
        _ => None,
    };
    let text = move || status_text(&status.get());
    view! {
        <div
            class="progress"
            data-testid="progress"
            role="status"
            aria-live="polite"
            hidden=move || !busy()
            data-busy=move || busy().to_string()
        >
            <progress
                max="100"
                value=move || value().map(|v| format!("{v:.1}"))
                aria-label="Loading progress"
            ></progress>
            <span class="progress-text">{text}</span>
            {on_cancel.map(|cancel| view! {
                <button type="button" class="button progress-cancel" data-testid="cancel-load"
                    on:click=move |_| cancel.run(())>"Cancel"</button>
            })}
        </div>
    }
}

/// What the bar says.
pub fn status_text(status: &LoadStatus) -> String {
    match status {
        LoadStatus::Idle => String::new(),
        LoadStatus::Reading { label } => format!("Reading {label}…"),
        LoadStatus::Parsing {
            label,
            progress: Some(p),
            stage: LoadStage::Parsing,
        } => format!(
            "Parsing {label}: {} of {} ({} of {} file{})",
            human_bytes(p.bytes_done),
            human_bytes(p.bytes_total),
            p.files_done,
            p.files_total,
            if p.files_total == 1 { "" } else { "s" }
        ),
        LoadStatus::Parsing { label, stage, .. } => format!("{} {label}…", stage.verb()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn sizes_and_progress_in_words() {
        assert_eq!(human_bytes(12), "12 B");
        assert_eq!(human_bytes(2048), "2 KB");
        assert_eq!(human_bytes(3 * 1024 * 1024 + 200 * 1024), "3.2 MB");
        let p = Progress {
            files_done: 1,
            files_total: 2,
            bytes_done: 512,
            bytes_total: 2048,
        };
        assert_eq!(percent(&p), 25.0);
        assert_eq!(
            status_text(&LoadStatus::Parsing {
                label: "x.yaml".into(),
                progress: Some(p),
                stage: LoadStage::Parsing,
            }),
            "Parsing x.yaml: 512 B of 2 KB (1 of 2 files)"
        );
        let at = |stage| {
            status_text(&LoadStatus::Parsing {
                label: "x.yaml".into(),
                progress: None,
                stage,
            })
        };
        assert_eq!(at(LoadStage::Parsing), "Parsing x.yaml…");
        assert_eq!(at(LoadStage::Checking), "Checking x.yaml…");
        assert_eq!(at(LoadStage::Receiving), "Receiving x.yaml…");
        assert_eq!(at(LoadStage::Graphs), "Building the graphs of x.yaml…");
        assert_eq!(at(LoadStage::Layout), "Laying out x.yaml…");
    }
}
