package dev.keypath.examples.spring;

import dev.keypath.spring.ItemCollection;
import dev.keypath.spring.repository.KeyPathPageRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.springframework.data.domain.Slice;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The REST API:
 * <ul>
 *   <li>{@code POST /users} {@code {"name"}} → 201 user, {@code Location: /users/{userId}}</li>
 *   <li>{@code GET /users/{userId}} → the user with its post count (404 if absent)</li>
 *   <li>{@code POST /users/{userId}/posts} {@code {"title","body"}} → 201 post, {@code Location} (404 without user)</li>
 *   <li>{@code GET /users/{userId}/timeline?size=&token=} → {@code {"posts":[…],"nextToken":…}}, newest first;
 *       {@code size} 1–100</li>
 *   <li>{@code GET /users/{userId}/posts/{postId}} → {@code {"post":…,"comments":[…]}} (404 if absent)</li>
 *   <li>{@code POST /users/{userId}/posts/{postId}/comments} {@code {"author","text"}} → 201 comment, {@code Location}</li>
 * </ul>
 * Every error is an RFC 9457 problem ({@code application/problem+json}), see {@link ApiErrors}.
 * Thread-safe (stateless).
 */
@RestController
public class SocialController {
    private final SocialService social;

    SocialController(SocialService social) {
        this.social = social;
    }

    /** Body of {@code POST /users}. */
    public record NewUser(@NotBlank @Size(max = 100) String name) {
    }

    /** Body of {@code POST /users/{userId}/posts}. */
    public record NewPost(@NotBlank @Size(max = 200) String title, String body) {
    }

    /** Body of {@code POST …/comments}. */
    public record NewComment(@NotBlank String author, @NotBlank String text) {
    }

    /** One timeline page; {@code nextToken} is null on the last page. */
    public record TimelinePage(List<Post> posts, String nextToken) {
    }

    /** A post with its comments. */
    public record PostThread(Post post, List<Comment> comments) {
    }

    @PostMapping("/users")
    ResponseEntity<User> createUser(@Valid @RequestBody NewUser body) {
        User user = social.createUser(body.name());
        return ResponseEntity.created(URI.create("/users/" + user.userId())).body(user);
    }

    @GetMapping("/users/{userId}")
    ResponseEntity<?> user(@PathVariable UUID userId) {
        return social.user(userId).<ResponseEntity<?>>map(ResponseEntity::ok)
                .orElseGet(() -> notFound("No user " + userId));
    }

    @PostMapping("/users/{userId}/posts")
    ResponseEntity<?> createPost(@PathVariable UUID userId, @Valid @RequestBody NewPost body) {
        return social.createPost(userId, body.title(), body.body())
                .<ResponseEntity<?>>map(p -> ResponseEntity.created(
                        URI.create("/users/" + userId + "/posts/" + p.postId())).body(p))
                .orElseGet(() -> notFound("No user " + userId));
    }

    @GetMapping("/users/{userId}/timeline")
    TimelinePage timeline(@PathVariable UUID userId,
            @RequestParam(defaultValue = "20") @Min(1) @Max(100) int size,
            @RequestParam(required = false) String token) {
        Slice<Post> page = social.timeline(userId, size, token);
        return new TimelinePage(page.getContent(), KeyPathPageRequest.nextTokenOf(page).orElse(null));
    }

    @GetMapping("/users/{userId}/posts/{postId}")
    ResponseEntity<?> thread(@PathVariable UUID userId, @PathVariable long postId) {
        return social.thread(userId, postId).map(SocialController::toThread).<ResponseEntity<?>>map(ResponseEntity::ok)
                .orElseGet(() -> notFound("No post " + postId + " of user " + userId));
    }

    private static PostThread toThread(ItemCollection items) {
        return new PostThread(items.first(Post.class).orElseThrow(), items.itemsOf(Comment.class));
    }

    @PostMapping("/users/{userId}/posts/{postId}/comments")
    ResponseEntity<?> comment(@PathVariable UUID userId, @PathVariable long postId,
            @Valid @RequestBody NewComment body) {
        return social.comment(userId, postId, body.author(), body.text())
                .<ResponseEntity<?>>map(c -> ResponseEntity.created(URI.create("/users/" + userId + "/posts/" + postId
                        + "/comments/" + c.commentId())).body(c))
                .orElseGet(() -> notFound("No post " + postId + " of user " + userId));
    }

    private static ResponseEntity<ProblemDetail> notFound(String detail) {
        return ResponseEntity.of(ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND, detail)).build();
    }
}
