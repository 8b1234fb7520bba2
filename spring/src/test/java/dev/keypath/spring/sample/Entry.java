package dev.keypath.spring.sample;

import dev.keypath.dynamodb.annotation.ItemType;
import dev.keypath.dynamodb.annotation.SecondaryKeyPath;

/** An entry of an author, also addressed by topic on an index; replies nest under it. */
@ItemType(keyPath = "/author-{author}/entry-{entryId}")
@SecondaryKeyPath(index = "gsi1", keyPath = "/topic-{topic}/entry-{entryId}")
public record Entry(String author, long entryId, String topic, String title, boolean draft) {
}
