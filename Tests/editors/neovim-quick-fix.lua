-- Run by scripts/check-editors after the README's Neovim snippet, with the broken file open:
-- waits for aasalint's diagnostics, applies the quick fix of the first one and checks that
-- the server then no longer reports it. Exits 0 on success, 1 with a message otherwise.
local function fail(message)
  io.stderr:write("neovim: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local buffer = vim.api.nvim_get_current_buf()
local function diagnostics()
  return vim.diagnostic.get(buffer)
end
if not vim.wait(60000, function() return #diagnostics() > 0 end, 50) then
  fail("no diagnostics from aasalint lsp for " .. vim.api.nvim_buf_get_name(buffer))
end
local first = diagnostics()[1]
local rule = first.code
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buffer) },
  range = { start = { line = first.lnum, character = first.col }, ["end"] = { line = first.end_lnum, character = first.end_col } },
  context = { diagnostics = {}, only = { "quickfix" } },
}
local answers = vim.lsp.buf_request_sync(buffer, "textDocument/codeAction", params, 60000) or {}
local edit
for _, answer in pairs(answers) do
  for _, action in ipairs(answer.result or {}) do
    if action.edit and not edit then edit = action.edit end
  end
end
if not edit then fail("no quick fix for " .. tostring(rule)) end
vim.lsp.util.apply_workspace_edit(edit, "utf-16")
local before = #diagnostics()
if not vim.wait(60000, function()
  for _, diagnostic in ipairs(diagnostics()) do
    if diagnostic.code == rule and diagnostic.lnum == first.lnum then return false end
  end
  return true
end, 50) then
  fail("the quick fix of " .. tostring(rule) .. " left the finding")
end
print("neovim " .. tostring(vim.version().major) .. "." .. tostring(vim.version().minor) .. ": " .. before
  .. " diagnostics, quick fix of " .. tostring(rule) .. " applied")
vim.cmd("qall!")
