package dev.keypath.spring.sample;

import dev.keypath.dynamodb.annotation.ItemType;

/** A book on a shelf: nothing else is stored under a shelf's books. */
@ItemType(keyPath = "/shelf-{shelf}/book-{bookId}")
public record Book(String shelf, long bookId, String title) {
}
