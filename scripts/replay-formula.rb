# Replays a Homebrew formula's `install` and `test do` blocks without Homebrew, on a source
# tarball, into a temporary prefix: the formula's own Ruby runs against a small stand-in for the
# part of Homebrew's DSL that Formula/aasalint.rb uses, so a formula that would not build,
# install or pass its test fails here. Dependencies are not installed: the machine must have
# them (libyaml, pkg-config, swift), as .ci/run and the release workflow arrange.
#
# Usage: ruby scripts/replay-formula.rb FORMULA SOURCE_TARBALL [--verify-sha256]
#   --verify-sha256  also require the tarball's SHA-256 to be the formula's sha256, as for the
#                    tarball a release publishes (a tarball of an unreleased commit never has it)
# Exit status: 0 installed and tested, 1 otherwise.

require "digest"
require "fileutils"
require "open3"
require "pathname"
require "tmpdir"

class ReplayFailure < StandardError; end

# The operating system, as Homebrew's OS module answers it.
module OS
  def self.linux? = RUBY_PLATFORM.include?("linux")
  def self.mac? = RUBY_PLATFORM.include?("darwin")
end

# Homebrew's Pathname#install: moves files into a folder of the prefix.
class Pathname
  def install(*sources)
    mkpath
    sources.each { |source| FileUtils.mv(source.to_s, (self / File.basename(source.to_s)).to_s) }
  end

  def write(content) = File.write(to_s, content)
end

# The subset of Homebrew's Formula that the formula's class body and blocks call.
class Formula
  class << self
    attr_reader :source_url, :checksum, :test_block

    def desc(_text) = nil
    def homepage(_url) = nil
    def license(_name) = nil
    def head(_url, **_options) = nil
    def depends_on(*_dependency) = nil
    def uses_from_macos(*_dependency) = nil
    def url(address, **_options) = (@source_url = address)
    def sha256(digest) = (@checksum = digest)
    def test(&block) = (@test_block = block)
  end

  attr_reader :prefix, :testpath

  def initialize(prefix, testpath)
    @prefix = Pathname(prefix)
    @testpath = Pathname(testpath)
  end

  def bin = prefix / "bin"

  # Homebrew takes the version from the tarball's name when the formula gives none.
  def version = self.class.source_url[/-(\d+(?:\.\d+)+)\.tar\.gz\z/, 1]

  def system(*command)
    puts "==> #{command.join(' ')}"
    Kernel.system(*command.map(&:to_s)) or raise ReplayFailure, "#{command.first} failed (#{$?})"
  end

  def generate_completions_from_executable(*command)
    { "bash" => "etc/bash_completion.d/%s", "zsh" => "share/zsh/site-functions/_%s",
      "fish" => "share/fish/vendor_completions.d/%s.fish" }.each do |shell, place|
      script = capture(*command, shell)
      file = prefix / format(place, File.basename(command.first.to_s))
      file.dirname.mkpath
      file.write(script)
    end
  end

  def shell_output(command, expected_status = 0)
    output, status = Open3.capture2(command)
    unless status.exitstatus == expected_status
      raise ReplayFailure, "`#{command}` exited #{status.exitstatus}, not #{expected_status}:\n#{output}"
    end
    output
  end

  def assert_match(expected, actual)
    found = expected.is_a?(Regexp) ? expected.match?(actual) : actual.include?(expected)
    raise ReplayFailure, "#{expected.inspect} not found in:\n#{actual}" unless found
  end

  private

  def capture(*command)
    output, status = Open3.capture2(*command.map(&:to_s))
    raise ReplayFailure, "#{command.join(' ')} exited #{status.exitstatus}" unless status.success?
    output
  end
end

def replay(formula_path, tarball, verify_checksum)
  load File.expand_path(formula_path)
  formula_class = Object.const_get(File.basename(formula_path, ".rb").split(/[-_]/).map(&:capitalize).join)
  digest = Digest::SHA256.file(tarball).hexdigest
  if verify_checksum && digest != formula_class.checksum
    raise ReplayFailure, "#{tarball} has SHA-256 #{digest}; the formula says #{formula_class.checksum}"
  end
  unless File.basename(formula_class.source_url) == File.basename(tarball)
    raise ReplayFailure, "the formula downloads #{File.basename(formula_class.source_url)}, not #{File.basename(tarball)}"
  end

  Dir.mktmpdir("aasalint-formula-") do |work|
    source, prefix, testpath, temporary = %w[source prefix test tmp].map { |name| File.join(work, name).tap { |path| Dir.mkdir(path) } }
    # SwiftPM leaves lock files in the temporary folder: this one goes when the replay ends.
    ENV["TMPDIR"] = temporary
    Kernel.system("tar", "-xzf", File.expand_path(tarball), "-C", source) or raise ReplayFailure, "cannot unpack #{tarball}"
    # Homebrew builds inside the tarball's single top-level folder.
    entries = Dir.children(source)
    build_folder = entries.size == 1 ? File.join(source, entries.first) : source
    formula = formula_class.new(prefix, testpath)
    Dir.chdir(build_folder) { formula.install }
    puts "==> installed: #{Dir.glob('**/*', base: prefix).select { |path| File.file?(File.join(prefix, path)) }.sort.join(', ')}"
    Dir.chdir(testpath) { formula.instance_eval(&formula_class.test_block) }
    puts "==> test do: passed"
  end
end

if ARGV.size < 2 || ARGV.size > 3 || (ARGV.size == 3 && ARGV[2] != "--verify-sha256")
  warn "usage: ruby scripts/replay-formula.rb FORMULA SOURCE_TARBALL [--verify-sha256]"
  exit 1
end
begin
  replay(ARGV[0], ARGV[1], ARGV[2] == "--verify-sha256")
rescue ReplayFailure => failure
  warn "replay-formula: #{failure.message}"
  exit 1
end
