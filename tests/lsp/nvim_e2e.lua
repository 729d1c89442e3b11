-- Neovim (headless, its built-in LSP client) as an editor on `olm-graph lsp`: open a file of a
-- real catalog, wait for the diagnostics, hover on a `replaces`, write what the editor got as
-- JSON to $OUT, quit. test_neovim.py runs it and compares with `olm-graph lint`.
local bin, root, file, out = os.getenv("OLM_GRAPH_BIN"), os.getenv("CATALOG"), os.getenv("FILE"), os.getenv("OUT")
local hover_line, hover_col = tonumber(os.getenv("HOVER_LINE")), tonumber(os.getenv("HOVER_COL"))

local function finish(result)
  local f = assert(io.open(out, "w"))
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd("qa!")
end

local client_id = vim.lsp.start_client({ name = "olm-graph", cmd = { bin, "lsp" }, root_dir = root })
if not client_id then
  finish({ error = "the client did not start" })
end
vim.cmd("edit " .. vim.fn.fnameescape(file))
vim.lsp.buf_attach_client(0, client_id)

local ok = vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = (d.user_data or {}).lsp or {}
  table.insert(diagnostics, {
    code = d.code or lsp.code,
    line = d.lnum + 1,
    column = d.col + 1,
    severity = d.severity,
    located = ((lsp.data or {}).located),
  })
end

local params = {
  textDocument = { uri = vim.uri_from_bufnr(0) },
  position = { line = hover_line, character = hover_col },
}
local replies = vim.lsp.buf_request_sync(0, "textDocument/hover", params, 60000) or {}
local hover = nil
for _, r in pairs(replies) do
  if r.result and r.result.contents then
    hover = r.result.contents.value
  end
end
finish({ waited = ok, diagnostics = diagnostics, hover = hover })
