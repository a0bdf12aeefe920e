"""Every Strategy Card's effect, one module per theme, registered by card id.

To find a card's code, search for its id: each event is registered with
``@event("A23")`` (see `registry`), the reinforcement cards by kind in
`reinforcements`, and the combat cards are rule objects in `combat_cards` keyed by
the card's key. `catalog` imports every theme module; docs/cards-coverage.md lists
each card with its module and its tests.

| module | cards |
| --- | --- |
| `flags` | events that change the game for good (11.1.9 restrictions, Hitler Takes Command, Lend-Lease …) |
| `tracks` | banked OPS, the VP level, the hand size |
| `replacement_events` | events that give RPs (7.4.3) |
| `hands` | events about the cards themselves (Steppe Fox) |
| `trenches` | Hedgehogs, People's Militia |
| `sea` | Naval Evacuation, Black Sea Black Death |
| `partisans` | the partisan events (16.1) |
| `fortresses` | Festung, the Volga fortress |
| `round_combat` | OPS events that change the round's combats (Zitadelle, Zhukov, Backhand Blow …) |
| `reinforcements` | every Reinforcements card (7.5.2) |
| `combat_cards` | every combat card (7.5.5) and the combat effects of round events |

This package's ``__init__`` imports nothing, so the combat modules can use
`combat_cards` without loading the events above them.
"""
