-- Appended by scripts/check-editors to the README's Neovim snippet, so that its local
-- aasalint_reads is in scope: writes the names of $AASALINT_NAMES (one a line) that the snippet
-- starts the server for to $AASALINT_PICKED, one a line, in the same order.
local picked = {}
for name in io.lines(os.getenv("AASALINT_NAMES")) do
  if aasalint_reads(name) then table.insert(picked, name) end
end
local output = assert(io.open(os.getenv("AASALINT_PICKED"), "w"))
output:write(table.concat(picked, "\n"), "\n")
output:close()
vim.cmd("qall!")
