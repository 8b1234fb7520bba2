package com.example.legacy;

import dev.keypath.dynamodb.annotation.ItemType;

/** A note. */
@ItemType(keyPath = "/note-{id}")
public record Note(String id, String text) {
}
