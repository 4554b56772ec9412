# A small stand-in for the parts of fastlane that fastlane/actions/aasalint.rb uses (RubyGems,
# and so fastlane, cannot be installed here): Action, ConfigItem with defaults, types and
# verify blocks, UI, and Actions.sh, which like fastlane's prints the command and its output,
# and with a block hands it the exit status, the output and the command instead of raising.
require "open3"
require "shellwords"

module FastlaneCore
  module Interface
    class FastlaneError < StandardError; end
  end

  class ConfigItem
    attr_reader :key, :data_type, :default_value, :optional, :verify_block

    def initialize(key:, env_name: nil, description: "", type: String, default_value: nil, optional: false, verify_block: nil)
      @key = key
      @data_type = type
      @default_value = default_value
      @optional = optional
      @verify_block = verify_block
      raise ArgumentError, "#{key}: no description" if description.to_s.empty?
      raise ArgumentError, "#{key}: env_name #{env_name.inspect} is not FL_..." unless env_name.to_s.start_with?("FL_")
    end

    # fastlane converts what a Fastfile or the command line gives to the option's type.
    def convert(value)
      return value.to_sym if data_type == Symbol && value.is_a?(String)
      return value.split(",") if data_type == Array && value.is_a?(String)
      value
    end
  end
end

module Fastlane
  Boolean = Object.new

  class Action
    def self.sh(*command, &block)
      Actions.sh(*command, &block)
    end
  end

  module UI
    def self.important(message)
      puts "[important] #{message}"
    end

    def self.error(message)
      puts "[error] #{message}"
    end

    def self.user_error!(message)
      raise FastlaneCore::Interface::FastlaneError, message
    end
  end

  module Actions
    def self.sh(*command)
      puts "[command] #{command.shelljoin}"
      output, status = Open3.capture2e(*command)
      output.each_line { |line| puts "[output] #{line}" }
      unless status.success?
        message = "Exit status of command '#{command.shelljoin}' was #{status.exitstatus} instead of 0."
        # fastlane's sh raises only without a block (or error_callback); with one it says so and yields.
        raise FastlaneCore::Interface::FastlaneError, message unless block_given?
        UI.error(message)
      end
      return yield(status, output, command.shelljoin) if block_given?
      output
    end
  end

  # The options an action is run with, as fastlane makes them: every given key must be one of
  # the action's, defaults fill the rest, and verify blocks see what was given.
  def self.configuration(action, given)
    items = action.available_options
    unknown = given.keys - items.map(&:key)
    UI.user_error!("Could not find option '#{unknown.first}' in the list of available options") unless unknown.empty?
    items.to_h do |item|
      if given.key?(item.key)
        value = item.convert(given[item.key])
        item.verify_block&.call(value)
        [item.key, value]
      else
        UI.user_error!("No value found for '#{item.key}'") unless item.optional || !item.default_value.nil?
        [item.key, item.default_value]
      end
    end
  end
end
