//! The export menu's snippet, as a browser parses it.

use olm_graph_web::services::url::{iframe_snippet, link, UrlParams};
use olm_graph_web::state::selection::{ChannelChoice, LinkedView};
use wasm_bindgen_test::*;

use crate::common::document;

#[wasm_bindgen_test]
fn the_iframe_snippet_parses_to_one_frame_with_the_link() {
    let params = UrlParams {
        embed: true,
        catalog_url: Some("http://c.example/x.yaml?a=1&b=2".into()),
        view: LinkedView {
            package: Some("gpu operator".into()),
            channel: ChannelChoice::Named("stable".into()),
            bundle: None,
        },
        ..UrlParams::default()
    };
    let embed = link("http://127.0.0.1:8080/index.html?package=old#frag", &params);
    let html = iframe_snippet(&embed, "Upgrade graph of \"x\" <y>");
    let parsed = document().create_element("div").unwrap();
    parsed.set_inner_html(&html);
    assert_eq!(parsed.child_element_count(), 1);
    let frame = parsed.first_element_child().unwrap();
    assert_eq!(frame.tag_name(), "IFRAME");
    assert_eq!(frame.get_attribute("src").as_deref(), Some(embed.as_str()));
    assert_eq!(
        frame.get_attribute("title").as_deref(),
        Some("Upgrade graph of \"x\" <y>")
    );
    // The browser reads the link's query as the app writes it.
    let u = web_sys::Url::new(&embed).unwrap();
    assert_eq!(UrlParams::parse(&u.search()), params);
}
