;; PNG rows from RGBA pixels, with WebAssembly's 128-bit SIMD: the JavaScript loop it replaces
;; took 0.65 ms of a rank card's 2.2 ms encoding, this takes about 0.1 (rgbaPng.ts).
;; Built into subFilterModule.ts by `npm run wasm`; a test checks the two agree.
(module
  (memory (export "memory") 1)

  ;; The straight colour of the translucent premultiplied pixel at $at, rounded as resvg's own
  ;; encoder (tiny-skia) rounds it: min(255, floor(c / (alpha / 255) + 0.5)).
  (func $straight (param $at i32)
    (local $scale f64) (local $channel i32)
    (local.set $scale (f64.div (f64.convert_i32_u (i32.load8_u offset=3 (local.get $at))) (f64.const 255)))
    (loop $each
      (i32.store8 (i32.add (local.get $at) (local.get $channel))
        (i32.trunc_f64_u (f64.min (f64.const 255)
          (f64.floor (f64.add (f64.const 0.5)
            (f64.div (f64.convert_i32_u (i32.load8_u (i32.add (local.get $at) (local.get $channel)))) (local.get $scale)))))))
      (local.set $channel (i32.add (local.get $channel) (i32.const 1)))
      (br_if $each (i32.lt_u (local.get $channel) (i32.const 3)))))

  ;; Makes straight, in place, each pixel in [$from, $to) whose alpha is neither 0 nor 255 (the
  ;; only ones whose colour premultiplying changed). Reads up to 12 bytes past $to.
  (func $demultiply (param $from i32) (param $to i32)
    (local $at i32) (local $alphas v128) (local $pixel i32) (local $alpha i32)
    (local.set $at (local.get $from))
    (block $done (loop $four
      (br_if $done (i32.ge_u (local.get $at) (local.get $to)))
      ;; Four pixels at a time: most are opaque or transparent, and are passed over together.
      (local.set $alphas (v128.and (v128.load (local.get $at)) (v128.const i32x4 0xff000000 0xff000000 0xff000000 0xff000000)))
      (if (v128.any_true (v128.and
            (i32x4.ne (local.get $alphas) (v128.const i32x4 0 0 0 0))
            (i32x4.ne (local.get $alphas) (v128.const i32x4 0xff000000 0xff000000 0xff000000 0xff000000))))
        (then
          (local.set $pixel (local.get $at))
          (loop $each
            (local.set $alpha (i32.load8_u offset=3 (local.get $pixel)))
            (if (i32.and (i32.lt_u (local.get $pixel) (local.get $to))
                         (i32.and (i32.ne (local.get $alpha) (i32.const 0)) (i32.ne (local.get $alpha) (i32.const 255))))
              (then (call $straight (local.get $pixel))))
            (local.set $pixel (i32.add (local.get $pixel) (i32.const 4)))
            (br_if $each (i32.lt_u (local.get $pixel) (i32.add (local.get $at) (i32.const 16)))))))
      (local.set $at (i32.add (local.get $at) (i32.const 16)))
      (br $four))))

  ;; $rows rows of RGBA pixels at $in ($stride bytes each, $in >= 4) as PNG rows at $out: the Sub
  ;; filter's type byte, then each byte minus the same byte of the pixel to its left (mod 256).
  ;; Premultiplied pixels are made straight first, in place. Reads and writes up to 15 bytes past
  ;; the end of each area; a row's overrun into the next is overwritten when that row is done.
  (func (export "subRows") (param $in i32) (param $out i32) (param $stride i32) (param $rows i32) (param $premultiplied i32)
    (local $y i32) (local $pixels i32) (local $row i32) (local $i i32)
    (if (local.get $premultiplied)
      (then (call $demultiply (local.get $in) (i32.add (local.get $in) (i32.mul (local.get $stride) (local.get $rows))))))
    (block $done (loop $rowLoop
      (br_if $done (i32.ge_u (local.get $y) (local.get $rows)))
      (local.set $pixels (i32.add (local.get $in) (i32.mul (local.get $y) (local.get $stride))))
      (local.set $row (i32.add (local.get $out) (i32.mul (local.get $y) (i32.add (local.get $stride) (i32.const 1)))))
      (i32.store8 (local.get $row) (i32.const 1))
      (local.set $i (i32.const 0))
      (loop $sixteen
        (v128.store offset=1 (i32.add (local.get $row) (local.get $i))
          (i8x16.sub (v128.load (i32.add (local.get $pixels) (local.get $i)))
                     (v128.load (i32.sub (i32.add (local.get $pixels) (local.get $i)) (i32.const 4)))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br_if $sixteen (i32.lt_u (local.get $i) (local.get $stride))))
      ;; The first pixel has none to its left: it is written as it is.
      (i32.store offset=1 (local.get $row) (i32.load (local.get $pixels)))
      (local.set $y (i32.add (local.get $y) (i32.const 1)))
      (br $rowLoop))))
)
