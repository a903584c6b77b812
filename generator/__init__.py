"""pnpkit package."""
