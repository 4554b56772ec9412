#!/usr/bin/env python3
"""A plugin that never answers in time."""
import time
time.sleep(60)
