package dev.keypath.spring.sample;

import dev.keypath.dynamodb.annotation.ItemType;

/** A reply, stored under its entry. */
@ItemType(keyPath = "/author-{author}/entry-{entryId}/reply-{replyId}")
public record Reply(String author, long entryId, long replyId, String text) {
}
