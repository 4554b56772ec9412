# Runs fastlane/actions/aasalint.rb under the stand-in, as a lane would:
#   ruby Tests/fastlane/run_action.rb '{"paths": ["Fixtures/artifacts/ShopDebug.ipa"], "release": true}'
# The options are JSON (symbols as strings, as a Fastfile's command line gives them). Prints what
# fastlane would show, then the action's return value's line count; exits 1 when the action
# stopped the lane (UI.user_error!), as fastlane does.
require "json"
require_relative "fastlane_standin"
require_relative "../../fastlane/actions/aasalint"

options = JSON.parse(ARGV.fetch(0, "{}"), symbolize_names: true)
begin
  params = Fastlane.configuration(Fastlane::Actions::AasalintAction, options)
  result = Fastlane::Actions::AasalintAction.run(params)
  puts "[returned] #{result.lines.count} lines"
rescue FastlaneCore::Interface::FastlaneError => error
  puts "[user_error!] #{error.message}"
  exit 1
end
