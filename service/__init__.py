"""The imperative shell: Flask API, persistence settings, the eventsourcing application."""
