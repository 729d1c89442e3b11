//! The channel tabs.

use leptos::prelude::*;
use olm_graph_web::panels::channels::ChannelTabs;
use olm_graph_web::services::sources::SAMPLE_CATALOG;
use olm_graph_web::state::selection::ChannelChoice;
use wasm_bindgen_test::*;

use crate::common::{all, attr, click, mount, settle};

#[wasm_bindgen_test]
async fn channel_tabs_mark_default_and_deprecated() {
    let (stores, root) = mount(SAMPLE_CATALOG, || view! { <ChannelTabs/> });
    settle().await;
    let tabs = all(&root, "[data-testid=channel-select] [data-channel]");
    let names: Vec<String> = tabs.iter().map(|t| attr(t, "data-channel")).collect();
    assert_eq!(
        names,
        vec!["stable", "alpha", "candidate", "fast"],
        "default channel first"
    );
    assert_eq!(attr(&tabs[0], "data-default"), "true");
    assert_eq!(attr(&tabs[0], "aria-selected"), "true");
    assert_eq!(attr(&tabs[1], "data-deprecated"), "true");
    assert!(attr(&tabs[1], "title").contains("no longer updated"));
    click(&tabs[2]);
    settle().await;
    assert_eq!(
        stores.selection.channel.get_untracked(),
        ChannelChoice::Named("candidate".into())
    );
    assert_eq!(attr(&tabs[2], "aria-selected"), "true");
}
