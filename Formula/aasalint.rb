# Homebrew formula for aasalint. The repository is its own tap:
#   brew tap aasalint/aasalint https://github.com/aasalint/aasalint
#   brew install aasalint
#
# It builds the source tarball of a release, aasalint-<version>.tar.gz (a `git archive` of the
# tagged commit, written by scripts/make-release and published with the release), because
# GitHub's own tag archives promise no stable checksum.
#
# url and sha256 are written by the release workflow: .github/workflows/release.yml runs
# `scripts/make-release --merge --update-formula`, replays this formula against the tarball it
# publishes (scripts/check-formula.sh --verify-sha256), and commits the two lines to the default
# branch, which is what a tap reads. Until that first run publishes v0.1.0, sha256 is that of the
# tarball `scripts/make-release --update-formula` made from the commit before the one that last
# wrote this file (every commit changes the tarball), and `brew install` fails at the download
# because the release does not exist yet.
class Aasalint < Formula
  desc "Linter for apple-app-site-association files and entitlements"
  homepage "https://github.com/aasalint/aasalint"
  url "https://github.com/aasalint/aasalint/releases/download/v0.1.0/aasalint-0.1.0.tar.gz"
  sha256 "e993d8172c88a3950678ee9cde12292a0791eca981563eb9e09e34f1f275640d"
  license "MIT"
  head "https://github.com/aasalint/aasalint.git", branch: "main"

  depends_on "pkgconf" => :build
  depends_on "libyaml"
  # Swift 6: Xcode 16 or its command line tools on macOS, Homebrew's swift formula on Linux.
  uses_from_macos "swift" => :build
  uses_from_macos "zlib"

  def install
    args = ["--disable-sandbox", "--configuration", "release", "--product", "aasalint"]
    # The Swift runtime inside the binary: it starts in milliseconds and survives swift upgrades.
    args << "--static-swift-stdlib" if OS.linux?
    system "swift", "build", *args
    bin.install ".build/release/aasalint"
    generate_completions_from_executable(bin/"aasalint", "completions")
  end

  test do
    (testpath/"apple-app-site-association").write <<~JSON
      {"applinks": {"details": [{"appIds": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}}
    JSON
    output = shell_output("#{bin}/aasalint lint --no-config #{testpath}/apple-app-site-association", 1)
    assert_match 'unknown key "appIds" in a details entry', output
    assert_match "[unknown-key]", output
    assert_match "aasalint #{version}", shell_output("#{bin}/aasalint version")
  end
end
