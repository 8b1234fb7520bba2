package dev.keypath.test;

import dev.keypath.dynamodb.annotation.ItemType;

/** The item type of the extension's own tests. */
@ItemType(keyPath = "/board-{board}/note-{noteId}")
record Note(String board, long noteId, String text) {
}
