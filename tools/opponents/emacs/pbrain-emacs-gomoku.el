#!/usr/bin/env -S emacs -Q --script
;;; pbrain-emacs-gomoku.el --- Emacs's M-x gomoku AI as a Gomocup brain  -*- lexical-binding: t -*-

;; Part of the Gomoku project's tools/opponents (zlib licence, like the
;; rest of the repository).  It loads GNU Emacs's own, unmodified
;; play/gomoku.el (Philippe Schnoebelen, GPL-3+) from the installed Emacs
;; and calls its scoring functions; nothing of gomoku.el is copied here.
;;
;; gomoku.el scores every free square by the "qtuples" (five-square
;; windows) through it and plays the best one, breaking ties at random.
;; Run: emacs -Q --script pbrain-emacs-gomoku.el (or the file itself).

(require 'gomoku)

(defvar pbrain-size 0 "Board side, 0 before START.")
(defvar pbrain-stones nil "Stones as (X Y WHO), newest first; WHO 1 ours, 2 theirs.")

(defun pbrain-say (fmt &rest args)
  (princ (concat (apply #'format fmt args) "\n")))

(defun pbrain-square (x y)
  "gomoku.el's board index of protocol point X,Y (0-based)."
  (gomoku-xy-to-index (1+ x) (1+ y)))

(defun pbrain-free-p (x y)
  (and (>= x 0) (>= y 0) (< x pbrain-size) (< y pbrain-size)
       (zerop (aref gomoku-board (pbrain-square x y)))))

(defun pbrain-put (x y who)
  "Play WHO's stone at X,Y: Emacs's own stones are gomoku.el's 6, the
opponent's its human 1."
  (let ((sq (pbrain-square x y)))
    ;; gomoku.el draws a human move at point: put point there first.
    (gomoku-goto-square sq)
    (gomoku-play-move sq (if (= who 1) 6 1))
    (push (list x y who) pbrain-stones)))

(defun pbrain-new-board (n)
  (setq pbrain-size n
        pbrain-stones nil)
  (gomoku-start-game n n))

(defun pbrain-rebuild ()
  "Start again from an empty board and replay `pbrain-stones'."
  (let ((old (reverse pbrain-stones)))
    (pbrain-new-board pbrain-size)
    (dolist (s old) (apply #'pbrain-put s))))

(defun pbrain-think ()
  "Let gomoku.el choose, play the move and print it."
  (let ((sq (gomoku-strongest-square)))
    (if (null sq)
        (pbrain-say "ERROR no free square")
      (let ((x (1- (gomoku-index-to-x sq)))
            (y (1- (gomoku-index-to-y sq))))
        (pbrain-put x y 1)
        (pbrain-say "%d,%d" x y)))))

(defun pbrain-read-line ()
  "The next input line without its line end, or nil at end of input."
  (condition-case nil
      (string-trim-right (read-from-minibuffer "") "[ \r\n]+")
    (error nil)))

(defun pbrain-main ()
  ;; Same games from the same openings: a fixed seed for the tie-breaks.
  (random "pbrain-emacs-gomoku")
  (with-current-buffer (get-buffer-create " *pbrain-gomoku*")
    (let (line (done nil))
      (while (and (not done) (setq line (pbrain-read-line)))
        (setq line (string-trim line))
        (cond
         ((string= line ""))
         ((string-match "\\`START \\([0-9]+\\)\\'" line)
          (let ((n (string-to-number (match-string 1 line))))
            (if (and (>= n 5) (<= n 100))
                (progn (pbrain-new-board n) (pbrain-say "OK"))
              (pbrain-say "ERROR unsupported size %d" n))))
         ((string-match "\\`RECTSTART \\([0-9]+\\),\\([0-9]+\\)\\'" line)
          (let ((w (string-to-number (match-string 1 line)))
                (h (string-to-number (match-string 2 line))))
            (if (and (= w h) (>= w 5))
                (progn (pbrain-new-board w) (pbrain-say "OK"))
              (pbrain-say "ERROR only square boards"))))
         ((string= line "RESTART")
          (pbrain-new-board pbrain-size)
          (pbrain-say "OK"))
         ((string= line "BEGIN")
          (if (zerop pbrain-size) (pbrain-say "ERROR send START first") (pbrain-think)))
         ((string-match "\\`TURN \\([0-9]+\\),\\([0-9]+\\)\\'" line)
          (let ((x (string-to-number (match-string 1 line)))
                (y (string-to-number (match-string 2 line))))
            (if (not (pbrain-free-p x y))
                (pbrain-say "ERROR bad move %d,%d" x y)
              (pbrain-put x y 2)
              (pbrain-think))))
         ((string= line "BOARD")
          (pbrain-new-board pbrain-size)
          (let (l)
            (while (and (setq l (pbrain-read-line))
                        (not (string= (setq l (string-trim l)) "DONE")))
              (when (string-match "\\`\\([0-9]+\\),\\([0-9]+\\),\\([0-9]+\\)" l)
                (let ((x (string-to-number (match-string 1 l)))
                      (y (string-to-number (match-string 2 l)))
                      (f (string-to-number (match-string 3 l))))
                  ;; f = 3 (a continuous game's winning line) cannot occur
                  ;; in gomoku-match games; it counts as the opponent's.
                  (when (pbrain-free-p x y)
                    (pbrain-put x y (if (= f 1) 1 2))))))
            (if l (pbrain-think) (setq done t))))
         ((string-match "\\`TAKEBACK \\([0-9]+\\),\\([0-9]+\\)\\'" line)
          (let* ((x (string-to-number (match-string 1 line)))
                 (y (string-to-number (match-string 2 line)))
                 (s (seq-find (lambda (s) (and (= (car s) x) (= (cadr s) y))) pbrain-stones)))
            (if (null s)
                (pbrain-say "ERROR no stone at %d,%d" x y)
              (setq pbrain-stones (delq s pbrain-stones))
              (pbrain-rebuild)
              (pbrain-say "OK"))))
         ((string-prefix-p "INFO" line))
         ((string= line "ABOUT")
          (pbrain-say "name=\"Emacs gomoku.el\", version=\"%s\", author=\"Philippe Schnoebelen (adapter: Gomoku developers)\", country=\"FR\""
                      emacs-version))
         ((string= line "END") (setq done t))
         (t (pbrain-say "UNKNOWN %s" line)))))))

(pbrain-main)
(kill-emacs 0)

;;; pbrain-emacs-gomoku.el ends here
