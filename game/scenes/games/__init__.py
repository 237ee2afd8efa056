"""The "your games" screens in one frame: records, history, statistics, achievements."""
