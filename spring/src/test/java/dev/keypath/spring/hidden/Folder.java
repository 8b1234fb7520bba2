package dev.keypath.spring.hidden;

import dev.keypath.dynamodb.annotation.ItemType;
import java.util.UUID;

/** A folder of an owner; an archived one reads as absent (the application's extension). */
@ItemType(keyPath = "/owner-{ownerId}/folder-{folderId}")
public record Folder(UUID ownerId, long folderId, String name, boolean archived) {
}
