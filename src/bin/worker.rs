//! The Web Worker that parses catalogs off the main thread (built by Trunk with
//! `data-type="worker"`; started by the page as `worker-boot.js`). It serves catalogs read as
//! File-Based Catalog and passes the rest on to the tools worker (`src/bin/tools.rs`), so its
//! wasm does not link the template renderer.
//!
//! Its module also draws the first picture of a `url=` link on the page's main thread
//! ([`olm_graph_link_picture`]), before this worker has started.

use olm_graph_core::InputFile;
use olm_graph_web::state::load::text_from_utf8;
use olm_graph_web::worker::parse::skimmed_picture;

fn main() {
    console_error_panic_hook::set_once();
    olm_graph_web::worker::run(olm_graph_web::worker::parsing::serve);
}

/// The channel a `url=` link names, drawn from core's skim of its catalog, as the worker draws
/// it (`skimmed_picture`): called by `assets/boot.js` on the page's main thread, from an
/// instance of this worker's compiled module of its own, as soon as the module is compiled and
/// the catalog has arrived. A worker thread starts 50–130 ms after it is created on this
/// machine; the page has the module and the catalog before that (docs/performance.md, "First
/// draw"). The instance's imports are stubs: nothing here calls JavaScript, and `main` is not
/// run.
///
/// `input` is a buffer of `len` bytes from `__wbindgen_malloc(len, 1)`, taken over here: the
/// catalog's bytes, then the file's path, the package's name and the channel's name (UTF-8,
/// `path_len`, `package_len` and `channel_len` bytes). Returns 0 when there is no picture (the
/// skim gives up, or no such channel, or one of more than 1,000 entries), else the SVG's
/// address in the high 32 bits and its length in the low 32, a buffer the caller frees with
/// `__wbindgen_free(address, length, 1)`.
///
/// # Safety
/// `input` must be such a buffer (lengths that sum to more than `len` are answered 0).
///
/// # Complexity
/// That of `skimmed_picture`: O(n) in the catalog's length, then the drawing of what it keeps.
#[no_mangle]
pub unsafe extern "C" fn olm_graph_link_picture(
    input: *mut u8,
    len: usize,
    path_len: usize,
    package_len: usize,
    channel_len: usize,
) -> u64 {
    if input.is_null() || len == 0 {
        return 0;
    }
    // SAFETY: the caller allocated `len` bytes with this module's allocator (size len, align 1).
    let mut bytes = unsafe { Vec::from_raw_parts(input, len, len) };
    let Some(names_len) = path_len
        .checked_add(package_len)
        .and_then(|n| n.checked_add(channel_len))
        .filter(|&n| n <= len)
    else {
        return 0;
    };
    let names = bytes.split_off(len - names_len);
    let (path, rest) = names.split_at(path_len);
    let (package, channel) = rest.split_at(package_len);
    let (Ok(path), Ok(package), Ok(channel)) = (
        std::str::from_utf8(path),
        std::str::from_utf8(package),
        std::str::from_utf8(channel),
    ) else {
        return 0;
    };
    let files = [InputFile {
        path: path.to_string(),
        text: text_from_utf8(bytes),
    }];
    let Some(svg) = skimmed_picture(&files, false, package, channel) else {
        return 0;
    };
    let svg = svg.into_bytes().into_boxed_slice();
    let length = svg.len() as u64;
    let address = Box::into_raw(svg) as *mut u8 as usize as u64;
    (address << 32) | length
}
