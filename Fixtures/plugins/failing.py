#!/usr/bin/env python3
"""A plugin that fails."""
import sys
sys.stdin.read()
print("cannot reach the policy server", file=sys.stderr)
sys.exit(3)
