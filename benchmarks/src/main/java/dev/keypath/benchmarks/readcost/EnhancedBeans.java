package dev.keypath.benchmarks.readcost;

import dev.keypath.benchmarks.readcost.SocialItems.Comment;
import dev.keypath.benchmarks.readcost.SocialItems.Post;
import dev.keypath.benchmarks.readcost.SocialItems.Reaction;
import dev.keypath.benchmarks.readcost.SocialItems.User;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import software.amazon.awssdk.enhanced.dynamodb.extensions.annotations.DynamoDbAtomicCounter;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSecondaryPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSecondarySortKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;

/**
 * The social data set as AWS SDK Enhanced Client beans, in the single-table design a careful user writes by hand:
 * string keys built by the getters from typed ids and parsed back by the setters, integers zero-padded to ten digits
 * so that they sort as numbers, a {@code _type} attribute, and a global index {@code byTag} on {@code gsi1pk} /
 * {@code gsi1sk}.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>item</th><th>pk</th><th>sk</th><th>gsi1pk / gsi1sk</th></tr>
 *   <tr><td>user</td><td>{@code USER#<uuid>}</td><td>{@code USER#<uuid>} (after its posts, so one descending
 *       query reads the user and the newest posts)</td><td></td></tr>
 *   <tr><td>post</td><td>{@code USER#<uuid>}</td><td>{@code POST#0000001234}</td>
 *       <td>{@code TAG#<tag>} / {@code POST#0000001234}</td></tr>
 *   <tr><td>comment</td><td>{@code POST#0000001234}</td><td>{@code COMMENT#1767225600}</td><td></td></tr>
 *   <tr><td>reaction</td><td>{@code POST#0000001234}</td><td>{@code REACT#0000000042}</td><td></td></tr>
 * </table>
 */
public final class EnhancedBeans {
    static final String BY_TAG = "byTag";
    private static final int WIDTH = 10;

    private EnhancedBeans() {}

    /** {@code prefix} and {@code value} zero-padded to ten digits, built without {@code String.format}. */
    static String key(String prefix, long value) {
        String digits = Long.toString(value);
        StringBuilder sb = new StringBuilder(prefix.length() + WIDTH).append(prefix);
        for (int i = digits.length(); i < WIDTH; i++) {
            sb.append('0');
        }
        return sb.append(digits).toString();
    }

    static long id(String key, String prefix) {
        return Long.parseLong(key, prefix.length(), key.length(), 10);
    }

    static String userKey(UUID userId) {
        return "USER#" + userId;
    }

    static String postKey(long postId) {
        return key("POST#", postId);
    }

    /** A user. */
    @DynamoDbBean
    public static class UserBean {
        private UUID userId;
        private String handle;
        private String displayName;
        private Instant joinedAt;
        private long postCount;

        static UserBean of(User u) {
            UserBean b = new UserBean();
            b.userId = u.userId();
            b.handle = u.handle();
            b.displayName = u.displayName();
            b.joinedAt = u.joinedAt();
            b.postCount = u.postCount();
            return b;
        }

        User toUser() {
            return new User(userId, handle, displayName, joinedAt, postCount);
        }

        @DynamoDbPartitionKey
        public String getPk() {
            return userKey(userId);
        }

        public void setPk(String pk) {
            this.userId = UUID.fromString(pk.substring("USER#".length()));
        }

        @DynamoDbSortKey
        public String getSk() {
            return userKey(userId);
        }

        public void setSk(String sk) {
            // the same key as pk
        }

        @DynamoDbAttribute("_type")
        public String getType() {
            return "User";
        }

        public void setType(String type) {
            // constant
        }

        public String getHandle() {
            return handle;
        }

        public void setHandle(String handle) {
            this.handle = handle;
        }

        public String getDisplayName() {
            return displayName;
        }

        public void setDisplayName(String displayName) {
            this.displayName = displayName;
        }

        public Instant getJoinedAt() {
            return joinedAt;
        }

        public void setJoinedAt(Instant joinedAt) {
            this.joinedAt = joinedAt;
        }

        public long getPostCount() {
            return postCount;
        }

        public void setPostCount(long postCount) {
            this.postCount = postCount;
        }
    }

    /**
     * The user's post counter alone, for the update that counts a new post: an atomic counter
     * ({@code SET postCount = if_not_exists(postCount, …) + 1}) written with {@code ignoreNulls}, so that nothing else
     * of the user changes.
     */
    @DynamoDbBean
    public static class PostCountBean {
        private UUID userId;
        private Long postCount;

        static PostCountBean of(UUID userId) {
            PostCountBean b = new PostCountBean();
            b.userId = userId;
            return b;
        }

        @DynamoDbPartitionKey
        public String getPk() {
            return userKey(userId);
        }

        public void setPk(String pk) {
            this.userId = UUID.fromString(pk.substring("USER#".length()));
        }

        @DynamoDbSortKey
        public String getSk() {
            return userKey(userId);
        }

        public void setSk(String sk) {
            // the same key as pk
        }

        @DynamoDbAtomicCounter
        public Long getPostCount() {
            return postCount;
        }

        public void setPostCount(Long postCount) {
            this.postCount = postCount;
        }
    }

    /** A post, in its user's partition and in the {@code byTag} index. */
    @DynamoDbBean
    public static class PostBean {
        private UUID userId;
        private long postId;
        private String title;
        private String body;
        private String tag;
        private List<String> tags;
        private Instant createdAt;

        static PostBean of(Post p) {
            PostBean b = new PostBean();
            b.userId = p.userId();
            b.postId = p.postId();
            b.title = p.title();
            b.body = p.body();
            b.tag = p.tag();
            b.tags = p.tags();
            b.createdAt = p.createdAt();
            return b;
        }

        Post toPost() {
            return new Post(userId, postId, title, body, tag, tags, createdAt);
        }

        long postId() {
            return postId;
        }

        @DynamoDbPartitionKey
        public String getPk() {
            return userKey(userId);
        }

        public void setPk(String pk) {
            this.userId = UUID.fromString(pk.substring("USER#".length()));
        }

        @DynamoDbSortKey
        public String getSk() {
            return postKey(postId);
        }

        public void setSk(String sk) {
            this.postId = id(sk, "POST#");
        }

        @DynamoDbSecondaryPartitionKey(indexNames = BY_TAG)
        public String getGsi1pk() {
            return "TAG#" + tag;
        }

        public void setGsi1pk(String gsi1pk) {
            // derived from tag
        }

        @DynamoDbSecondarySortKey(indexNames = BY_TAG)
        public String getGsi1sk() {
            return postKey(postId);
        }

        public void setGsi1sk(String gsi1sk) {
            // derived from the post id
        }

        @DynamoDbAttribute("_type")
        public String getType() {
            return "Post";
        }

        public void setType(String type) {
            // constant
        }

        public String getTitle() {
            return title;
        }

        public void setTitle(String title) {
            this.title = title;
        }

        public String getBody() {
            return body;
        }

        public void setBody(String body) {
            this.body = body;
        }

        public String getTag() {
            return tag;
        }

        public void setTag(String tag) {
            this.tag = tag;
        }

        public List<String> getTags() {
            return tags;
        }

        public void setTags(List<String> tags) {
            this.tags = tags;
        }

        public Instant getCreatedAt() {
            return createdAt;
        }

        public void setCreatedAt(Instant createdAt) {
            this.createdAt = createdAt;
        }
    }

    /** A comment, in its post's partition. */
    @DynamoDbBean
    public static class CommentBean {
        private long postId;
        private long postedAt;
        private UUID authorId;
        private String text;

        static CommentBean of(Comment c) {
            CommentBean b = new CommentBean();
            b.postId = c.postId();
            b.postedAt = c.postedAt();
            b.authorId = c.authorId();
            b.text = c.text();
            return b;
        }

        long postId() {
            return postId;
        }

        long postedAt() {
            return postedAt;
        }

        @DynamoDbPartitionKey
        public String getPk() {
            return postKey(postId);
        }

        public void setPk(String pk) {
            this.postId = id(pk, "POST#");
        }

        @DynamoDbSortKey
        public String getSk() {
            return key("COMMENT#", postedAt);
        }

        public void setSk(String sk) {
            this.postedAt = id(sk, "COMMENT#");
        }

        @DynamoDbAttribute("_type")
        public String getType() {
            return "Comment";
        }

        public void setType(String type) {
            // constant
        }

        public UUID getAuthorId() {
            return authorId;
        }

        public void setAuthorId(UUID authorId) {
            this.authorId = authorId;
        }

        public String getText() {
            return text;
        }

        public void setText(String text) {
            this.text = text;
        }
    }

    /** A reaction, in its post's partition beside the comments; {@code postedAt} names the comment. */
    @DynamoDbBean
    public static class ReactionBean {
        private long postId;
        private long reactionId;
        private long postedAt;
        private UUID authorId;
        private String emoji;

        static ReactionBean of(Reaction r) {
            ReactionBean b = new ReactionBean();
            b.postId = r.postId();
            b.reactionId = r.reactionId();
            b.postedAt = r.postedAt();
            b.authorId = r.authorId();
            b.emoji = r.emoji();
            return b;
        }

        @DynamoDbPartitionKey
        public String getPk() {
            return postKey(postId);
        }

        public void setPk(String pk) {
            this.postId = id(pk, "POST#");
        }

        @DynamoDbSortKey
        public String getSk() {
            return key("REACT#", reactionId);
        }

        public void setSk(String sk) {
            this.reactionId = id(sk, "REACT#");
        }

        @DynamoDbAttribute("_type")
        public String getType() {
            return "Reaction";
        }

        public void setType(String type) {
            // constant
        }

        public long getPostedAt() {
            return postedAt;
        }

        public void setPostedAt(long postedAt) {
            this.postedAt = postedAt;
        }

        public UUID getAuthorId() {
            return authorId;
        }

        public void setAuthorId(UUID authorId) {
            this.authorId = authorId;
        }

        public String getEmoji() {
            return emoji;
        }

        public void setEmoji(String emoji) {
            this.emoji = emoji;
        }
    }
}
