"""Test helpers shared by the platform tests."""
