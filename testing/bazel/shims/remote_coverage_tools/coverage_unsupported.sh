#!/bin/sh
echo "coverage is not available in the offline Bazel test setup" >&2
exit 1
