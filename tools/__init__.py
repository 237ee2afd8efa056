"""Developer tools: benchmarks, screenshots and the sample games they (and tests) use."""
