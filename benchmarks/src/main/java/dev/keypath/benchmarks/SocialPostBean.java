package dev.keypath.benchmarks;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;

/**
 * {@link SocialPost} as an AWS SDK Enhanced Client bean, written as a single-table user would: string keys
 * {@code USER#<uuid>} and {@code POST#0000001234} derived from the typed ids (and parsed back on read), a
 * {@code _type} attribute, and the other fields as native attributes through the built-in converters (the
 * {@code Instant} as an ISO-8601 string, as Jackson stores it for keypath). Not thread-safe.
 */
@DynamoDbBean
public class SocialPostBean {
    private UUID userId;
    private long postId;
    private String title;
    private String body;
    private List<String> tags;
    private Instant createdAt;
    private int likes;
    private BigDecimal score;
    private AuthorBean author;

    /** For the Enhanced Client. */
    public SocialPostBean() {
    }

    static SocialPostBean of(SocialPost p) {
        SocialPostBean b = new SocialPostBean();
        b.userId = p.userId();
        b.postId = p.postId();
        b.title = p.title();
        b.body = p.body();
        b.tags = p.tags();
        b.createdAt = p.createdAt();
        b.likes = p.likes();
        b.score = p.score();
        AuthorBean a = new AuthorBean();
        a.setName(p.author().name());
        a.setHandle(p.author().handle());
        a.setVerified(p.author().verified());
        b.author = a;
        return b;
    }

    /** The partition key, {@code USER#<uuid>}. */
    @DynamoDbPartitionKey
    public String getPk() {
        return pk(userId);
    }

    /** Parses the partition key. */
    public void setPk(String pk) {
        this.userId = UUID.fromString(pk.substring("USER#".length()));
    }

    /** The sort key, {@code POST#} and the id zero-padded to 10 digits. */
    @DynamoDbSortKey
    public String getSk() {
        return sk(postId);
    }

    /** Parses the sort key. */
    public void setSk(String sk) {
        this.postId = Long.parseLong(sk, "POST#".length(), sk.length(), 10);
    }

    static String pk(UUID userId) {
        return "USER#" + userId;
    }

    /** Built as a careful user would: no {@code String.format}. */
    static String sk(long postId) {
        String digits = Long.toString(postId);
        StringBuilder sb = new StringBuilder(5 + StringKey.WIDTH).append("POST#");
        for (int i = digits.length(); i < StringKey.WIDTH; i++) {
            sb.append('0');
        }
        return sb.append(digits).toString();
    }

    /** The entity type, as keypath's {@code _type}. */
    @DynamoDbAttribute("_type")
    public String getType() {
        return "Post";
    }

    /** Ignores the stored type. */
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

    public int getLikes() {
        return likes;
    }

    public void setLikes(int likes) {
        this.likes = likes;
    }

    public BigDecimal getScore() {
        return score;
    }

    public void setScore(BigDecimal score) {
        this.score = score;
    }

    public AuthorBean getAuthor() {
        return author;
    }

    public void setAuthor(AuthorBean author) {
        this.author = author;
    }

    UUID userId() {
        return userId;
    }

    long postId() {
        return postId;
    }

    /** The nested author, stored as a map attribute. */
    @DynamoDbBean
    public static class AuthorBean {
        private String name;
        private String handle;
        private boolean verified;

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public String getHandle() {
            return handle;
        }

        public void setHandle(String handle) {
            this.handle = handle;
        }

        public boolean isVerified() {
            return verified;
        }

        public void setVerified(boolean verified) {
            this.verified = verified;
        }
    }
}
