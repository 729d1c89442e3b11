//! The PNG export: core's SVG drawn on a canvas at twice its size (scaled down only past the
//! browser's canvas limits) and encoded. The sizes are pure and tested natively.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlImageElement};

/// PNG pixels per SVG unit.
pub const PNG_SCALE: f64 = 2.0;
/// Chromium's largest canvas side, and an area cap that keeps the encode fast and in memory.
const CANVAS_MAX_SIDE: f64 = 16_384.0;
const CANVAS_MAX_AREA: f64 = 64.0 * 1024.0 * 1024.0;

/// The `width` and `height` of the root `<svg>` element of core's SVG.
pub fn svg_size(svg: &str) -> Option<(f64, f64)> {
    let start = svg.find("<svg")?;
    let end = start + svg[start..].find('>')?;
    let tag = &svg[start..end];
    let attr = |name: &str| -> Option<f64> {
        let key = format!(" {name}=\"");
        let i = tag.find(&key)? + key.len();
        let j = i + tag[i..].find('"')?;
        tag[i..j]
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v > 0.0)
    };
    Some((attr("width")?, attr("height")?))
}

/// The canvas size for an SVG of `w` × `h` units at `scale`, reduced to fit the canvas limits;
/// and the scale used.
pub fn png_dimensions(w: f64, h: f64, scale: f64) -> (u32, u32, f64) {
    let mut k = scale.max(0.01);
    k = k.min(CANVAS_MAX_SIDE / w.max(1.0));
    k = k.min(CANVAS_MAX_SIDE / h.max(1.0));
    k = k.min((CANVAS_MAX_AREA / (w.max(1.0) * h.max(1.0))).sqrt());
    let px = |v: f64| (v * k).round().clamp(1.0, CANVAS_MAX_SIDE) as u32;
    (px(w), px(h), k)
}

fn js_err(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            js_sys::Reflect::get(&e, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
        })
        .unwrap_or_else(|| "unknown error".into())
}

/// A canvas of `w` × `h` pixels and its 2D context.
fn canvas(w: u32, h: u32) -> Result<(HtmlCanvasElement, CanvasRenderingContext2d), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let canvas: HtmlCanvasElement = document
        .create_element("canvas")
        .map_err(js_err)?
        .dyn_into()
        .map_err(|_| "no canvas")?;
    canvas.set_width(w);
    canvas.set_height(h);
    let ctx = canvas
        .get_context("2d")
        .map_err(js_err)?
        .ok_or("no 2D canvas")?
        .dyn_into()
        .map_err(|_| "no 2D canvas")?;
    Ok((canvas, ctx))
}

/// Draws core's SVG on a canvas at [`PNG_SCALE`] and encodes it as PNG. The SVG goes in as a
/// `data:` image (the page's CSP allows `img-src data:`), which does not taint the canvas.
pub async fn svg_to_png(svg: &str) -> Result<(gloo_file::Blob, u32, u32), String> {
    let (w, h) = svg_size(svg).ok_or("the SVG has no size")?;
    let (cw, ch, _) = png_dimensions(w, h, PNG_SCALE);
    let img = HtmlImageElement::new().map_err(js_err)?;
    img.set_src(&format!(
        "data:image/svg+xml;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(svg))
    ));
    JsFuture::from(img.decode())
        .await
        .map_err(|e| format!("the browser could not draw the SVG: {}", js_err(e)))?;
    let (canvas, ctx) = canvas(cw, ch)?;
    ctx.draw_image_with_html_image_element_and_dw_and_dh(&img, 0.0, 0.0, cw as f64, ch as f64)
        .map_err(js_err)?;
    let mut to_blob_result = Ok(());
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        to_blob_result = canvas.to_blob(&resolve);
    });
    to_blob_result.map_err(js_err)?;
    let blob: web_sys::Blob = JsFuture::from(promise)
        .await
        .map_err(js_err)?
        .dyn_into()
        .map_err(|_| "the canvas is too large to encode as PNG")?;
    Ok((gloo_file::Blob::from(blob), cw, ch))
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn png_size_is_twice_the_svg_within_canvas_limits() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"570\" height=\"229.5\" viewBox=\"0 0 570 229.5\">\n<title>x width=\"1\"</title></svg>";
        assert_eq!(svg_size(svg), Some((570.0, 229.5)));
        assert_eq!(svg_size("<svg width=\"0\" height=\"3\">"), None);
        assert_eq!(svg_size("not svg"), None);
        assert_eq!(svg_size("<svg width=\"NaN\" height=\"3\">"), None);
        assert_eq!(png_dimensions(570.0, 229.5, 2.0), (1140, 459, 2.0));
        // A very wide graph is scaled down to Chromium's largest canvas side.
        let (w, h, k) = png_dimensions(20_000.0, 400.0, 2.0);
        assert_eq!(w, 16_384);
        assert!(h <= 328 && k < 1.0);
        // And a huge area to the area cap.
        let (w, h, _) = png_dimensions(8_000.0, 8_000.0, 2.0);
        assert!((w as f64) * (h as f64) <= 64.0 * 1024.0 * 1024.0 + 16_384.0);
    }
}
