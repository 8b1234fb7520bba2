package dev.keypath.test;

import dev.keypath.dynamodb.annotation.ItemType;

/** A second item type, registered by a customizer in the extension's tests. */
@ItemType(keyPath = "/tag-{name}")
record Tag(String name) {
}
