"""The board and what is drawn on and round it: fit, marks, contacts, hands, table layout."""
