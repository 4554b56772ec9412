# A fastlane action for aasalint, in the shape of fastlane's `swiftlint` action (README,
# "fastlane"). Copy it into your project's fastlane/actions/ folder; then, in the Fastfile:
#   aasalint                                             # lint the repository before build_app
#   aasalint(paths: [lane_context[SharedValues::IPA_OUTPUT_PATH]], release: true)  # after it
module Fastlane
  module Actions
    class AasalintAction < Action
      # aasalint's exit statuses: 1 for findings at or above fail_on, 2 when it could not lint.
      FINDINGS = 1

      def self.run(params)
        command = [params[:executable], "lint"] + arguments(params) + Array(params[:paths])
        Actions.sh(*command) do |status, output, _command|
          handle_exit_status(status.exitstatus, params[:ignore_exit_status]) unless status.success?
          output
        end
      end

      def self.arguments(params)
        arguments = []
        arguments << "--fix" if params[:mode] == :fix
        arguments << "--release" if params[:release]
        arguments += ["--fail-on", "warning"] if params[:strict]
        arguments += ["--format", params[:reporter]] if params[:reporter]
        arguments += ["--output", params[:output_file]] if params[:output_file]
        arguments += ["--config", params[:config_file]] if params[:config_file]
        arguments << "--quiet" if params[:quiet]
        arguments
      end

      # Like the swiftlint action: a failure ends the lane unless ignore_exit_status is set, and
      # says which way it went.
      def self.handle_exit_status(exit_status, ignore_exit_status)
        meaning = exit_status == FINDINGS ? "found problems" : "could not lint (see its message above)"
        UI.important("aasalint #{meaning}: exit status #{exit_status}")
        if ignore_exit_status
          UI.important("fastlane continues because ignore_exit_status is set")
        else
          UI.user_error!("aasalint finished with errors (exit status #{exit_status}); set ignore_exit_status to continue anyway")
        end
      end

      def self.description
        "Lint entitlements, apple-app-site-association files and signed apps with aasalint"
      end

      def self.details
        "Runs `aasalint lint`: before build_app on the repository, and after it on the .ipa with release: true, as a release gate"
      end

      def self.available_options
        [
          FastlaneCore::ConfigItem.new(key: :mode, env_name: "FL_AASALINT_MODE", type: Symbol, default_value: :lint,
                                       description: "lint, or fix (apply aasalint's safe fixes, then lint what is left)",
                                       verify_block: proc do |value|
                                         UI.user_error!("mode must be :lint or :fix, not #{value.inspect}") unless %i[lint fix].include?(value)
                                       end),
          FastlaneCore::ConfigItem.new(key: :paths, env_name: "FL_AASALINT_PATHS", type: Array, optional: true,
                                       description: "Files and folders to lint: an .ipa, .xcarchive, entitlements, AASA files (default: the current folder)"),
          FastlaneCore::ConfigItem.new(key: :release, env_name: "FL_AASALINT_RELEASE", type: Boolean, default_value: false,
                                       description: "Treat every entitlements file and profile as a release (the release gate: --release)"),
          FastlaneCore::ConfigItem.new(key: :strict, env_name: "FL_AASALINT_STRICT", type: Boolean, default_value: false,
                                       description: "Fail on warnings too (--fail-on warning)"),
          FastlaneCore::ConfigItem.new(key: :reporter, env_name: "FL_AASALINT_REPORTER", type: String, optional: true,
                                       description: "Report format: text, json, sarif or github",
                                       verify_block: proc do |value|
                                         UI.user_error!("reporter must be text, json, sarif or github, not #{value.inspect}") unless %w[text json sarif github].include?(value)
                                       end),
          FastlaneCore::ConfigItem.new(key: :output_file, env_name: "FL_AASALINT_OUTPUT_FILE", type: String, optional: true,
                                       description: "Write the report to this file"),
          FastlaneCore::ConfigItem.new(key: :config_file, env_name: "FL_AASALINT_CONFIG_FILE", type: String, optional: true,
                                       description: "The configuration to read instead of the nearest .aasalint.yml"),
          FastlaneCore::ConfigItem.new(key: :quiet, env_name: "FL_AASALINT_QUIET", type: Boolean, default_value: false,
                                       description: "Only the finding lines"),
          FastlaneCore::ConfigItem.new(key: :ignore_exit_status, env_name: "FL_AASALINT_IGNORE_EXIT_STATUS", type: Boolean, default_value: false,
                                       description: "Continue the lane when aasalint finds problems"),
          FastlaneCore::ConfigItem.new(key: :executable, env_name: "FL_AASALINT_EXECUTABLE", type: String, default_value: "aasalint",
                                       description: "The aasalint binary to run")
        ]
      end

      def self.output
        []
      end

      def self.return_value
        "aasalint's report (standard output and standard error)"
      end

      def self.authors
        ["aasalint"]
      end

      def self.is_supported?(platform)
        %i[ios mac].include?(platform)
      end

      def self.category
        :testing
      end
    end
  end
end
