package dev.keypath.benchmarks;

import dev.keypath.dynamodb.annotation.ItemType;
import java.time.Instant;
import java.util.UUID;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;

/**
 * The two types the cold-start programs register besides the post, once as keypath records and once as Enhanced
 * Client beans with string keys, so that each side prepares three types.
 */
final class ColdStartTypes {
    private ColdStartTypes() {
    }

    /** A user, at {@code /user-{userId}}. */
    @ItemType(keyPath = "/user-{userId}")
    record User(UUID userId, String name, String email, Instant joinedAt) {
    }

    /** A comment, at {@code /user-{userId}/post-{postId}/comment-{commentId}}. */
    @ItemType(keyPath = "/user-{userId}/post-{postId}/comment-{commentId}")
    record Comment(UUID userId, long postId, long commentId, String text, Instant createdAt) {
    }

    /** {@link User} as a bean: {@code USER#<uuid>} / {@code PROFILE}. Not thread-safe. */
    @DynamoDbBean
    public static class UserBean {
        private String pk;
        private String name;
        private String email;
        private Instant joinedAt;

        @DynamoDbPartitionKey
        public String getPk() {
            return pk;
        }

        public void setPk(String pk) {
            this.pk = pk;
        }

        @DynamoDbSortKey
        public String getSk() {
            return "PROFILE";
        }

        public void setSk(String sk) {
            // constant
        }

        @DynamoDbAttribute("_type")
        public String getType() {
            return "User";
        }

        public void setType(String type) {
            // constant
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public String getEmail() {
            return email;
        }

        public void setEmail(String email) {
            this.email = email;
        }

        public Instant getJoinedAt() {
            return joinedAt;
        }

        public void setJoinedAt(Instant joinedAt) {
            this.joinedAt = joinedAt;
        }
    }

    /** {@link Comment} as a bean: {@code USER#<uuid>} / {@code POST#…#COMMENT#…}. Not thread-safe. */
    @DynamoDbBean
    public static class CommentBean {
        private String pk;
        private String sk;
        private String text;
        private Instant createdAt;

        @DynamoDbPartitionKey
        public String getPk() {
            return pk;
        }

        public void setPk(String pk) {
            this.pk = pk;
        }

        @DynamoDbSortKey
        public String getSk() {
            return sk;
        }

        public void setSk(String sk) {
            this.sk = sk;
        }

        @DynamoDbAttribute("_type")
        public String getType() {
            return "Comment";
        }

        public void setType(String type) {
            // constant
        }

        public String getText() {
            return text;
        }

        public void setText(String text) {
            this.text = text;
        }

        public Instant getCreatedAt() {
            return createdAt;
        }

        public void setCreatedAt(Instant createdAt) {
            this.createdAt = createdAt;
        }
    }
}
